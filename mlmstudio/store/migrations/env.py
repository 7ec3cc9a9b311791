"""Alembic environment: migrates the connection handed over by ``Database.open``.

There is no alembic.ini: ``mlmstudio.store.database.alembic_config`` builds the
configuration in code and passes an open connection in ``config.attributes``.
"""

from alembic import context
from sqlalchemy import create_engine

from mlmstudio.store.models import Base

config = context.config


def _migrate(connection) -> None:
    # Batch mode lets later migrations alter SQLite tables (copy-and-move under the hood).
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=Base.metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()
elif config.attributes.get("connection") is not None:
    _migrate(config.attributes["connection"])
else:
    url = config.get_main_option("sqlalchemy.url")
    assert url is not None, "alembic_config() sets sqlalchemy.url"
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            _migrate(connection)
    finally:
        engine.dispose()
