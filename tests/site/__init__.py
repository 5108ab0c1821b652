"""site tests (pytest finds the shared fixtures in tests/conftest.py)."""
