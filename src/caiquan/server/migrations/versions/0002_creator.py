"""Who created a table (a hash of the client address), for the per-client table limit;
an index for the sweep that expires idle waiting tables.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("ix_tables_creator", "tables", ["creator"])
    op.create_index("ix_tables_status_updated", "tables", ["status", "updated_at"])


def downgrade() -> None:
    op.drop_index("ix_tables_status_updated", "tables")
    op.drop_index("ix_tables_creator", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("creator")
