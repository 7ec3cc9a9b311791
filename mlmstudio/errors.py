"""The root of every error whose message is meant for the user.

It lives here, importing nothing, so that ``config`` (which may not import the
engine) and the engine, store and faces all share one root: a face catches
``MLMStudioError`` once and prints or shows its sentence, never a traceback.
"""


class MLMStudioError(Exception):
    """Base of every error whose message is meant for the user: what went wrong, what to do."""

    # The command line's exit code (cli/exit_codes.py): 2, bad input, unless a subclass is a
    # failure of the work itself (1: out of memory, the disk full, a history that cannot be written).
    exit_code = 2
