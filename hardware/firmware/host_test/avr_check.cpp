// Compiles the parser and the show gate for the Arduino Uno's ATmega328P with real instantiations,
// so avr-g++ generates (and size-checks) their code: avr-g++ -mmcu=atmega328p -Os -c avr_check.cpp
#include "../kiosk_leds/adalight_parser.h"
#include "../kiosk_leds/show_gate.h"

static uint8_t pixels[272 * 3];
static AdalightParser parser(pixels, 272);
static ShowGate gate(30000000UL / 115200, 250000UL);

extern "C" uint32_t kiosk_feed(uint8_t byte, uint32_t now_ms, uint32_t now_us) {
  if (parser.feed(byte, now_ms)) return gate.frame_complete(now_us) ? parser.count() : 0;
  if (parser.receiving()) gate.overwritten();
  return gate.quiet(now_us, now_us) ? 1 : 0;
}
