"""The main window's pages: each shows and asks, and leaves work to the engine, the store and the worker."""
