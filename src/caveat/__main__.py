from __future__ import annotations

from caveat.cli import main

raise SystemExit(main())
