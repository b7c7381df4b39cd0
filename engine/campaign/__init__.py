"""Campaigns: stages played in order by the same civilizations (docs/campaign.md).

``model`` (the loaded campaign), ``find`` (campaign files in the scenario folders), ``load``
(YAML with positions, the campaign schema, the stages' scenarios, the rule expressions compiled),
``carry`` (what a stage's result is for each civilization, campaign points, the set-up grants of
the next stage), ``save`` (the one campaign save file), ``runner`` (a campaign's stages played,
resumed and re-checked) and ``status`` (the text ``dg campaign status`` prints).
"""
