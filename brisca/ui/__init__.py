"""The handheld UI: board.py is the platform layer (display, buttons, speaker, NeoPixels per board
profile); the screens build on it. Importing this package imports nothing else."""
