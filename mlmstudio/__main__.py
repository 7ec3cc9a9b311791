"""``python -m mlmstudio``: the same program as the ``mlmstudio`` command."""

import sys

from mlmstudio.launcher import main

sys.exit(main())
