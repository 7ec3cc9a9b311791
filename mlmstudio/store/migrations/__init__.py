"""Alembic migrations of the history database, run by ``Database.open``."""
