"""The run queue: queued run configurations in order, and the queue's own settings.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "queue_items",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(500), nullable=False),
        sa.Column("config_json", sa.Text(), nullable=False),
        sa.Column("corpus_source", sa.Text(), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("run_id", sa.String(32), sa.ForeignKey("runs.id", ondelete="SET NULL"), nullable=True),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("pid", sa.Integer(), nullable=True),
        sa.Column("hostname", sa.String(255), nullable=True),
        sa.CheckConstraint(
            "state IN ('waiting', 'running', 'done', 'failed', 'interrupted', 'removed')",
            name="ck_queue_items_state",
        ),
    )
    op.create_index("ix_queue_items_state_position", "queue_items", ["state", "position"])
    settings = op.create_table(
        "queue_settings",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("paused", sa.Boolean(), nullable=False),
        sa.Column("after_crash", sa.String(16), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.CheckConstraint("after_crash IN ('wait', 'resume')", name="ck_queue_settings_after_crash"),
    )
    op.bulk_insert(settings, [{"id": 1, "paused": False, "after_crash": "wait", "note": ""}])


def downgrade() -> None:
    op.drop_table("queue_settings")
    op.drop_index("ix_queue_items_state_position", table_name="queue_items")
    op.drop_table("queue_items")
