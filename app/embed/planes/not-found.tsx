import { ErrorWidget, MarcoWidget } from "@/components/widget/ListaWidget";
import { conDatos } from "@/lib/con-datos";
import { MENSAJES_WIDGET, TEMA_DEFECTO } from "@/lib/difusion/widget";
import { site } from "@/lib/site";

/** A widget whose organization is gone: said inside the frame, in the widget's own look. */
export default function WidgetNoEncontrado() {
  return (
    <MarcoWidget tema={TEMA_DEFECTO}>
      <ErrorWidget
        mensaje={MENSAJES_WIDGET.organizacionNoEncontrada}
        ayuda={conDatos(MENSAJES_WIDGET.revisaCodigo, { sitio: site().url })}
      />
    </MarcoWidget>
  );
}
