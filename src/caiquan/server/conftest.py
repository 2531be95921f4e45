"""pytest collects this package for doctests; skip it where the server extra is missing."""

from importlib.util import find_spec

collect_ignore_glob = ["migrations/*"]  # Alembic scripts run only inside Alembic
if not all(find_spec(m) for m in ("fastapi", "sqlalchemy", "alembic", "platformdirs")):
    print("caiquan.server: not collected (needs the server's dependencies: pip install -e .)")
    collect_ignore_glob.append("*.py")
