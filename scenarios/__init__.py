"""The shipped scenarios (data only): installed as ``distant_galaxy.bundled.scenarios``, so
that importlib.resources finds them from any folder."""
