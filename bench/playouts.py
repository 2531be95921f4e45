"""Random-playout benchmark from a checkout: same as ``caiquan bench``."""

from caiquan.cli.main import main

if __name__ == "__main__":
    main(["bench"])
