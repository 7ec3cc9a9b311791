"""Run evaluations: a run's results on a labelled task or a grammar suite (issue 20).

One row is one number with its spread: a task or suite ("name") of a kind ("transfer" or
"grammar"), evaluated for one subject (the run, its random twin, the majority class, one of
its checkpoints at "step", or another run), as the mean over "seeds" seeds.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "run_evaluations",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("run_id", sa.String(32), sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("step", sa.Integer(), nullable=True),
        sa.Column("subject", sa.String(64), nullable=False),
        sa.Column("metric", sa.String(64), nullable=False),
        sa.Column("mean", sa.Float(), nullable=False),
        sa.Column("spread", sa.Float(), nullable=False),
        sa.Column("seeds", sa.Integer(), nullable=False),
        sa.Column("details_json", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("kind IN ('transfer', 'grammar')", name="ck_run_evaluations_kind"),
    )
    op.create_index("ix_run_evaluations_run_kind", "run_evaluations", ["run_id", "kind"])


def downgrade() -> None:
    op.drop_index("ix_run_evaluations_run_kind", table_name="run_evaluations")
    op.drop_table("run_evaluations")
