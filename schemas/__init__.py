"""The JSON Schemas (data only): installed as ``distant_galaxy.bundled.schemas``, found
through importlib.resources."""
