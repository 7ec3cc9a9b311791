"""The run history: SQLAlchemy 2.0 ORM over one SQLite file, migrated by Alembic. No Qt.

Opening and keeping the file whole:
  paths, database (``Database.open()``: engine, sessions, migrations, crash recovery on open),
  db_errors (what a SQLite failure means, as a sentence), history_repair (rebuild from the run
  folders), recovery (runs whose process is gone become ``interrupted``), run_lock, models (the
  ORM schema; rows never leave a session), int_range and storable_text (what may be stored).
A run's life and the queries on it:
  lifecycle (prepare, train, resume, settle), recorder (trainer events -> batched writes),
  repository (queries on a Session; the caller owns the transaction), records (frozen dataclasses
  that cross threads), service (the API the GUI and the CLI share), run_refs, run_names,
  run_corpus, compare, token_loss_runs.
Runs in and out: bundle (``.mlmrun``), folder_import (a run folder trained elsewhere),
  imported_runs (an opened transformers model as a run of kind "imported").
The queue: queue (items, claims, settings), queue_runner (items run as ordinary runs).
"""
