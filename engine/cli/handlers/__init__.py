"""What the built-in ``dg`` sub-commands do: each module is imported only when one of its
commands runs (the specs and arguments are in :mod:`distant_galaxy.cli.commands`)."""
