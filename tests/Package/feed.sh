# Sourced by the package tests: pack_feed FEED packs both libraries into the folder FEED (and sets $version);
# feed_config FEED writes a nuget.config here that reads FEED first, then nuget.org. A private package folder
# (NUGET_PACKAGES) keeps an older build of the same version in the user cache from ever being used.
pack_feed() {
  version=$(sed -n 's:.*<Version>\(.*\)</Version>.*:\1:p' "$root/Directory.Build.props")
  echo "Packing Panicode.Crypto $version into $1"
  for project in "$root"/src/*/*.csproj; do
    dotnet pack "$project" -c Release -o "$1" --nologo -v quiet
  done
  export NUGET_PACKAGES="$(dirname "$1")/packages"
}

feed_config() {
  cat > nuget.config <<CONFIG
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <add key="local" value="$1" />
    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />
  </packageSources>
</configuration>
CONFIG
}
