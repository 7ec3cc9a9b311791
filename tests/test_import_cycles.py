"""No two modules of mlmstudio import each other, directly or around a circle.

A circle hides which module is the lower one: each side can only be read,
tested and moved together with the other, and a function-level import that
"breaks" it at run time still ties them. grimp (import-linter's graph) counts
imports inside functions and under ``TYPE_CHECKING`` too, so this test sees
every edge the code has. A package's ``__init__`` is a module like any other.
"""

from __future__ import annotations

import grimp


def find_cycles(graph: grimp.ImportGraph) -> list[tuple[str, ...]]:
    """Each circle once, as the chain of modules from its smallest name back to it."""
    cycles: set[tuple[str, ...]] = set()
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is None:
                continue
            circle = (importer, *back[:-1])  # importer -> imported -> ... -> importer
            start = circle.index(min(circle))
            cycles.add(circle[start:] + circle[:start])
    return sorted(cycles)


def describe(cycle: tuple[str, ...]) -> str:
    return " -> ".join((*cycle, cycle[0]))


def test_no_module_imports_itself_around_a_circle():
    cycles = find_cycles(grimp.build_graph("mlmstudio"))
    assert not cycles, "Import circles:\n" + "\n".join(describe(c) for c in cycles)


def test_a_circle_is_found_and_named():
    """The check itself: one planted circle, found and printed with its modules in order."""
    graph = grimp.ImportGraph()
    for name in ("pkg.low", "pkg.mid", "pkg.high", "pkg.alone"):
        graph.add_module(name)
    graph.add_import(importer="pkg.high", imported="pkg.mid")
    graph.add_import(importer="pkg.mid", imported="pkg.low")
    graph.add_import(importer="pkg.alone", imported="pkg.low")
    assert find_cycles(graph) == []

    graph.add_import(importer="pkg.low", imported="pkg.high")  # a function-level import, say
    cycles = find_cycles(graph)
    assert cycles == [("pkg.high", "pkg.mid", "pkg.low")]
    assert describe(cycles[0]) == "pkg.high -> pkg.mid -> pkg.low -> pkg.high"
