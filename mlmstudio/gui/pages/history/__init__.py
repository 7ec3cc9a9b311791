"""The History page's parts: one widget per job, composed by ``pages/history_page.py``.

- ``run_actions.RunActions``: the buttons, the table's context menu and the
  shortcuts that act on the selected runs (rename, delete, export, import,
  resume, explore), with the busy state of the one file job at a time;
- ``details_pane.DetailsPane``: the selected run's title, notes and tags.

The page keeps the table, its filters and the comparison below it, and wires
the parts together through their signals.
"""
