"""Generate the card sprite sheets and suit icons in assets/ (our own art, pure Python, deterministic).

    .venv/bin/python tools/make_assets.py                 # (re)write assets/*.bmp
    .venv/bin/python tools/make_assets.py --out DIR       # write the BMPs somewhere else
    .venv/bin/python tools/make_assets.py --preview DIR   # also write enlarged PNG previews (pygame)
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from art import bmp, cards
from art import palette as P

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASSETS = os.path.join(REPO, "assets")


def build():
    """Return {file name: Canvas} for every asset file."""
    images = {}
    for style in cards.STYLES:
        for size in cards.SIZES:
            images[f"cards_{style}_{size}.bmp"] = cards.sheet(style, size)
        images[f"suits_{style}.bmp"] = cards.suit_strip(style)
    return images


def write_bmps(images, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    total = 0
    for name in sorted(images):
        canvas = images[name]
        data = bmp.encode(canvas.width, canvas.height, canvas.pixels, P.COLOURS)
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)
        total += len(data)
        print(f"{name:26} {canvas.width:4} x {canvas.height:<4} {len(data):7} bytes")
    print(f"total {total} bytes ({total / 1024:.1f} KiB)")
    return total


def _surface(pygame, canvas, scale):
    surf = pygame.Surface((canvas.width * scale, canvas.height * scale))
    rgb = [((c >> 16) & 255, (c >> 8) & 255, c & 255) for c in P.COLOURS]
    for y in range(canvas.height):
        for x in range(canvas.width):
            surf.fill(rgb[canvas.get(x, y)], (x * scale, y * scale, scale, scale))
    return surf


def write_previews(images, out_dir):
    """Enlarged PNG of every sheet, plus contact.png: every sheet at 1x and 3x with labels."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    pygame.font.init()
    os.makedirs(out_dir, exist_ok=True)
    for name in sorted(images):
        canvas = images[name]
        scale = 8 if name.startswith("suits") else 4
        pygame.image.save(_surface(pygame, canvas, scale), os.path.join(out_dir, name[:-4] + ".png"))
    label_font = pygame.font.Font(None, 22)
    gap = 16
    rows = []  # one row per style: the sheet at actual size and at 2x (as big screens show it), icons
    for style in cards.STYLES:
        small = images[f"cards_{style}_s.bmp"]
        suits = images[f"suits_{style}.bmp"]
        rows.append((style, [_surface(pygame, small, 1), _surface(pygame, small, 2), _surface(pygame, suits, 4)]))
    width = gap + max(sum(s.get_width() + gap for s in surfs) for _, surfs in rows)
    height = gap + sum(24 + max(s.get_height() for s in surfs) + gap for _, surfs in rows)
    sheet = pygame.Surface((width, height))
    sheet.fill((40, 40, 40))
    y = gap
    for style, surfs in rows:
        caption = f"{style}: the sheet at actual size and at 2x, suit icons at 4x"
        sheet.blit(label_font.render(caption, True, (255, 255, 255)), (gap, y))
        y += 24
        x = gap
        for surf in surfs:
            sheet.blit(surf, (x, y))
            x += surf.get_width() + gap
        y += max(s.get_height() for s in surfs) + gap
    pygame.image.save(sheet, os.path.join(out_dir, "contact.png"))
    pygame.quit()
    print(f"previews in {out_dir}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=ASSETS, help="directory for the BMP files (default: assets/)")
    parser.add_argument("--preview", metavar="DIR", help="also write enlarged PNG previews to DIR")
    args = parser.parse_args(argv)
    images = build()
    write_bmps(images, args.out)
    if args.preview:
        write_previews(images, args.preview)
    return 0


if __name__ == "__main__":
    sys.exit(main())
