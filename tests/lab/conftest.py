"""The lab writes Parquet: its tests need the ``lab`` extra (CI installs every extra)."""

import pytest

pytest.importorskip("pyarrow", reason="the lab tests need pyarrow: pip install 'caiquan[lab]'")
