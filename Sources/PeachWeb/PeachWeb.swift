import Foundation

/// The browser client: plain ES modules, HTML, CSS, the service worker and the icons, shipped as
/// this module's resource bundle (`Peach_PeachWeb.resources`, beside the executable once installed).
/// No Swift reads or writes these files but the server, which serves `folder` at "/" (see README.md).
public enum PeachWeb {
    /// The folder served at "/": index.html, sw.js (at the root, so that its scope is the whole
    /// site), style.css, the manifest, the icons and js/.
    public static var folder: String { Bundle.module.resourcePath! + "/web" }
}
