"""The built-in command plugins of ``dg``: light modules, each answering ``dg_commands`` with the
specs of a few sub-commands (their handlers are in :mod:`distant_galaxy.cli.handlers`, imported
only when a command runs). They are registered by name, in the order of
:data:`distant_galaxy.cli.registry.BUILTIN`, through the same hook as third-party commands.
"""
