"""Translations of the GUI: the Qt .ts sources, the compiled .qm files and the Simple path's contexts."""
