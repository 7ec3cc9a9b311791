"""``python -m mlmstudio``."""

import sys

from mlmstudio.cli import main

sys.exit(main())
