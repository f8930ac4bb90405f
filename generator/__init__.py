"""Composition Lab: the exact privacy core and the build step of the lesson site."""
