"""``python -m engine`` is the ``dg`` command."""

from engine.cli import main

raise SystemExit(main())
