"""The run history: SQLAlchemy 2.0 ORM over one SQLite file, migrated by Alembic. No Qt.

paths       where the data directory is (``--data-dir``, ``MLMSTUDIO_HOME``, platformdirs)
database    ``Database.open()``: the engine, sessions, migrations, crash recovery on open
models      the ORM schema (rows never leave a session)
records     frozen dataclasses that cross threads: RunSummary, RunDetail, Curve, ...
repository  queries and updates on a Session (the caller owns the transaction)
recorder    ``RunRecorder``: trainer events -> batched writes from the training thread
service     the API the GUI and the CLI use: prepare/run/resume runs, list, rename, delete
compare     curves aligned by step or time, config differences, ranking
bundle      ``.mlmrun`` export and validated import
recovery    runs whose process is gone become ``interrupted``
"""
