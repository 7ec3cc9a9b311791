"""The bundle's entry point: ``mlmstudio`` with no arguments opens the app, with arguments it is the CLI.

PyInstaller freezes this file into the ``mlmstudio`` executable of the desktop
bundle (packaging/build.sh). It only hands over to ``mlmstudio.launcher:main``, the
same function the ``mlmstudio`` console script of a pip install runs, so the
bundle and a pip install behave the same.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    # A frozen program that may start worker processes must let them run their own code.
    multiprocessing.freeze_support()
    from mlmstudio.launcher import main

    sys.exit(main())
