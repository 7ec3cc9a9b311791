"""The translation contexts a first-time user meets on the Simple path.

Welcome panel → a built-in sample → the Simple view of Setup → Start → Train → Explore's
fill-mask predictions, plus the main window's navigation and menus and the Help page. The
German translation (mlmstudio_de.ts) is complete for these contexts; the completeness test
checks it.
"""

SIMPLE_PATH_CONTEXTS = (
    # The window: sidebar, menus, status bar; the welcome and its samples.
    "MainWindow",
    "WelcomePanel",
    "Samples",
    # Corpus (a built-in sample loads here) and Setup's Simple view.
    "CorpusPage",
    "SetupPage",
    "StartFromPicker",
    "SimpleSetup",
    "MaskingPreview",
    "SetupEstimates",
    "RunRequest",
    # Start → Train.
    "TrainPage",
    "LivePlots",
    "ForecastBar",
    "ProbePlot",
    "Perplexity",
    # Explore's fill-mask predictions.
    "ExplorePage",
    "ExploreTabs",
    "ExploreAnswers",
    "PredictionsTab",
    "PredictionView",
    "ExportButtons",
    "ClickableText",
    # Help, and the errors a first-time user can meet.
    "HelpPage",
    "Background",
    "EngineWarmup",
    "EngineMessages",
    "RunList",
    "CrashOffer",
    "HistoryRepair",
    "AppSettings",
)
