// The web front end (the files under web/), compiled into the program so that
// `ludex serve` needs no file beside it and serves nothing from the disk.
#ifndef LUDEX_SERVE_WEB_ASSETS_H_
#define LUDEX_SERVE_WEB_ASSETS_H_

#include <string_view>

namespace ludex {

struct WebAsset {
  std::string_view path;          // "/index.html", "/js/app.js" (relative to web/)
  std::string_view content_type;  // by the file's extension
  std::string_view bytes;
};

// The asset served at `path` ("/" is "/index.html"); nullptr if none. Paths
// are compared as they are: there is no file system behind them, so "..",
// encoded or not, can only fail to match.
const WebAsset* find_web_asset(std::string_view path);

}  // namespace ludex

#endif  // LUDEX_SERVE_WEB_ASSETS_H_
