export default function Home() {
  return <h1>Autosattlerei</h1>;
}
