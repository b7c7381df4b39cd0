"""``python -m distant_galaxy`` is the ``dg`` command."""

from distant_galaxy.cli.main import main

raise SystemExit(main())
