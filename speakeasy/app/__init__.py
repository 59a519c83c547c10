"""The app: the command line (``speakeasy``), the workshop server and the rules page; it finds
games through :mod:`speakeasy.games`."""
