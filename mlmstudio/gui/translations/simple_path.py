"""The translation contexts a first-time user meets on the Simple path.

Welcome panel → a built-in sample → the Simple view of Setup → Start → Train → Explore's
fill-mask predictions, plus the main window's navigation and menus and the Help page. The
German translation (mlmstudio_de.ts) is complete for these contexts; the completeness test
checks it.
"""

SIMPLE_PATH_CONTEXTS = (
    "MainWindow",
    "WelcomePanel",
    "Samples",
    "SimpleSetup",
    "HelpPage",
    "TrainPage",
    "LivePlots",
    "ForecastBar",
    "ExplorePage",
    "PredictionsTab",
)
