"""Headless simulation of AI games (`cardtable simulate`)."""
