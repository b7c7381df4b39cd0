"""The example race's scenario folder (``race.yaml``), registered in the entry-point group
``distant_galaxy.scenarios`` by this package's pyproject.toml; ``dg list`` shows it."""
