"""Write (or --check) messages/skill-index.md from skills/: the same code as
``caveat skill-index``. Run from the repository root:

    python scripts/generate_skill_index.py [--catalog DIR ...] [--plugin NAME] [--check]
"""

from __future__ import annotations

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv: list[str]) -> int:
    try:
        from caveat.commands import skill_index
    except ImportError:  # a plain checkout without an install
        sys.path.insert(0, os.path.join(ROOT, "src"))
        from caveat.commands import skill_index

    parser = argparse.ArgumentParser(
        prog="generate_skill_index.py", description="Render skill-index.md from a catalog."
    )
    skill_index.add_arguments(parser)
    return skill_index.run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
