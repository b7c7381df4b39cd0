"""The Space Domain option (source 003, RS.1–RS.2): face-down markers in the empty systems.

An option any scenario may offer (docs/options.md): its data — the empty systems, the bag and
every marker's effect in the rule language — is the ``space_domain:`` section of the option's
overlay; the plugin shuffles the bag with the engine's hidden information (``game.shuffle_bag``),
lays one marker face down in each system, and resolves a marker when a ship ends its move there.
"""
