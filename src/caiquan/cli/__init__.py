"""The ``caiquan`` command line."""
