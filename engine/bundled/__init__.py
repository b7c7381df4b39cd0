"""Data shipped inside the package: the scenarios/ and schemas/ folders of the repository
(mapped here by pyproject.toml), found through importlib.resources."""
