"""``python -m engine`` is the ``dg`` command."""

from distant_galaxy.cli.main import main

raise SystemExit(main())
