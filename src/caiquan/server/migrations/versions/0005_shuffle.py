"""Deals the players help shuffle (caiquan.fair/2): each table's fairness protocol and the
digest of its content (which the commitment covers), and each seat's contribution to the
deal with who made it (the player, or the server's committed value for a client that sent
none). Tables from before keep protocol 1 (no contributions).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("fair_protocol", sa.String(32), nullable=True))
        batch.add_column(sa.Column("content_digest", sa.String(64), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("entropy", sa.String(128), nullable=True))
        batch.add_column(sa.Column("entropy_by", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("entropy_by")
        batch.drop_column("entropy")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("content_digest")
        batch.drop_column("fair_protocol")
