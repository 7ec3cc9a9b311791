"""Probe points: each probe's answer probability and best guess at every evaluation (issue 10).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "probe_points",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("run_id", sa.String(32), sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("probe", sa.Integer(), nullable=False),
        sa.Column("sentence", sa.Text(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("probability", sa.Float(), nullable=False),
        sa.Column("top1", sa.Text(), nullable=False),
        sa.Column("hit", sa.Boolean(), nullable=False),
        sa.Column("wall_time", sa.Float(), nullable=False),
    )
    op.create_index("ix_probe_points_run_step", "probe_points", ["run_id", "step"])


def downgrade() -> None:
    op.drop_index("ix_probe_points_run_step", table_name="probe_points")
    op.drop_table("probe_points")
