"""The ``dg`` command line (also installed as ``distant-galaxy``)."""
