"""Server tests (each module skips, with the reason, without the server extra)."""
