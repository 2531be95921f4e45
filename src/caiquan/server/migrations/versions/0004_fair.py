"""Provably fair deals: each table's nonce and its published commitment to the deal
(SHA-256 over game, rules version, config, seed and nonce; see caiquan.engine.fair). Tables
from before have neither: their deals cannot be verified.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("nonce", sa.String(128), nullable=True))
        batch.add_column(sa.Column("commitment", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("commitment")
        batch.drop_column("nonce")
