"""Reusable widgets the pages are built from (plots, forms, clickable text, prediction bars)."""
