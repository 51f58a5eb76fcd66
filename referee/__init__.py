"""referee: a companion referee and bookkeeper for railroad board games played with real pieces."""

from pathlib import Path

__version__ = "0.1.0"

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TABLES_DIR = PROJECT_ROOT / "tables"
