#!/bin/sh
# Install the kiosk's systemd user unit and XDG autostart entry for the current user.
#   deploy/install.sh            install and enable (the kiosk starts with the next session)
#   deploy/install.sh --remove   disable and remove them
# Run it from anywhere; the project folder is this script's parent. No sudo needed.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
UNIT_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
AUTOSTART_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"

if [ "${1:-}" = "--remove" ]; then
    systemctl --user disable --now jeux-maths.service 2>/dev/null || true
    rm -f "$UNIT_DIR/jeux-maths.service" "$AUTOSTART_DIR/jeux-maths.desktop"
    systemctl --user daemon-reload
    echo "removed the kiosk's unit and autostart entry"
    exit 0
fi

if [ ! -x "$ROOT/.venv/bin/python" ]; then
    echo "error: $ROOT/.venv is missing: run 'make test' (or 'make run') in $ROOT first" >&2
    exit 2
fi
mkdir -p "$UNIT_DIR" "$AUTOSTART_DIR"
sed "s|@ROOT@|$ROOT|g" "$ROOT/deploy/jeux-maths.service" > "$UNIT_DIR/jeux-maths.service"
cp "$ROOT/deploy/jeux-maths-autostart.desktop" "$AUTOSTART_DIR/jeux-maths.desktop"
systemctl --user daemon-reload
systemctl --user enable jeux-maths.service
echo "installed: $UNIT_DIR/jeux-maths.service and $AUTOSTART_DIR/jeux-maths.desktop"
echo "check the stand with: $ROOT/.venv/bin/python $ROOT/main.py doctor"
