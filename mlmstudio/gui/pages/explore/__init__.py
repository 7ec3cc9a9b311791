"""The Explore page's tabs: one widget per kind of question asked of a trained model.

Each tab is an ``ExploreTab`` (tab.py): it gets the page as its host (the
chosen run, the sentence, top k, and ``ask`` to run a question off the GUI
thread) and only draws answers. A new view is a new module here plus one line
in ``explore_page.TABS``.
"""
