"""Checkpoints remember the metrics at their step; runs sort fast by creation time.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Existing checkpoints get an empty metrics object rather than NULL.
    with op.batch_alter_table("checkpoints") as batch:
        batch.add_column(sa.Column("metrics_json", sa.Text(), nullable=False, server_default="{}"))
    op.create_index("ix_runs_created_at", "runs", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_runs_created_at", table_name="runs")
    with op.batch_alter_table("checkpoints") as batch:
        batch.drop_column("metrics_json")
