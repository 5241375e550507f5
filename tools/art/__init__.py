"""Pure-Python pixel-art generator for the card sprite sheets (host only, no imaging library)."""
