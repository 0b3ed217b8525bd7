// Host-side harness for adalight_parser.h: reads bytes on stdin, prints each decoded frame as
// "count rrggbb rrggbb ..." (the LEDs it stored). Used by tests/test_hardware_firmware.py to
// check the firmware's parser against the kiosk's encoder, byte for byte.
// Usage: parser_main CAPACITY [GAP_BEFORE_BYTE]  (a 300 ms silence is simulated before that byte)
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "../kiosk_leds/adalight_parser.h"

int main(int argc, char **argv) {
  const unsigned capacity = argc > 1 ? std::atoi(argv[1]) : 272;
  const long gap_at = argc > 2 ? std::atol(argv[2]) : -1;
  std::vector<uint8_t> pixels(capacity * 3);
  AdalightParser parser(pixels.data(), capacity);
  uint32_t now = 0;
  long position = 0;
  int c;
  while ((c = std::getchar()) != EOF) {
    now += position == gap_at ? 300 : 1;
    position++;
    if (parser.feed(static_cast<uint8_t>(c), now)) {
      unsigned shown = parser.count() < capacity ? parser.count() : capacity;
      std::printf("%u", (unsigned)parser.count());
      for (unsigned i = 0; i < shown; i++) std::printf(" %02x%02x%02x", pixels[3 * i], pixels[3 * i + 1], pixels[3 * i + 2]);
      std::printf("\n");
    }
  }
  return 0;
}
